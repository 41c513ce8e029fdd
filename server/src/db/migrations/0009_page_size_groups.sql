-- files.page_sizes held one entry per page (a 1,000,000-page upload stored a 39 MB list). It now holds runs of
-- equal sizes in page order: [{ width, height, size, count }]. Rows written before are converted here: consecutive
-- equal entries (gaps-and-islands over the array's order) become one run.
UPDATE "files" AS f
SET "page_sizes" = g.groups
FROM (
  SELECT id, jsonb_agg(jsonb_build_object('width', w, 'height', h, 'size', s, 'count', n) ORDER BY first_page) AS groups
  FROM (
    SELECT id, w, h, s, grp, min(ord) AS first_page, count(*) AS n
    FROM (
      SELECT fl.id, e.ord, e.val -> 'width' AS w, e.val -> 'height' AS h, e.val -> 'size' AS s,
        e.ord - row_number() OVER (PARTITION BY fl.id, e.val -> 'width', e.val -> 'height', e.val -> 'size' ORDER BY e.ord) AS grp
      FROM "files" AS fl, jsonb_array_elements(fl."page_sizes") WITH ORDINALITY AS e(val, ord)
      WHERE jsonb_typeof(fl."page_sizes") = 'array' AND NOT (fl."page_sizes" -> 0 ? 'count')
    ) AS pages
    GROUP BY id, w, h, s, grp
  ) AS runs
  GROUP BY id
) AS g
WHERE f.id = g.id;
