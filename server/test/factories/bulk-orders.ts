import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { hashPassword } from '../../src/lib/crypto.ts';

/**
 * Realistic back-office data for benchmarks and list tests: 200 customers, one counter clerk (9000000001 / Counter@123),
 * and `orders` paid orders, one a minute going back, half home delivery: as in a real shop, only the newest are
 * still in the queue (40 new, 80 processing or completed) and the rest are delivered, collected or completed. Varied
 * names and file names, so searches have something to find and something to skip.
 */
export async function insertBulkOrders(db: Db, orders: number) {
  const pw = await hashPassword('Customer@123');
  const names = [
    'Ravi Kumar',
    'Lakshmi Devi',
    'Srinivas Rao',
    'Padma Priya',
    'Venkatesh Naidu',
    'Anjali Reddy',
    'Suresh Babu',
    'Kavya Sri',
  ];
  await db.execute(sql`insert into users (name, email, password_hash)
    select (${sql.raw(`array[${names.map((n) => `'${n}'`).join(',')}]`)})[1 + g % ${names.length}] || ' ' || g, 'bench' || g || '@example.com', ${pw}
    from generate_series(1, 200) g`);
  await db.execute(
    sql`insert into staff (name, mobile_number, password_hash) values ('Bench Clerk', '9000000001', ${await hashPassword('Counter@123')})`,
  );
  const fileId = crypto.randomUUID();
  await db.execute(
    sql`insert into files (id, owner_user_id, kind, storage_key, original_filename, content_type, size_bytes, sha256, page_count) values (${fileId}, 2, 'order_pdf', ${`orders/2/${fileId}.pdf`}, 'notes.pdf', 'application/pdf', 1000, 'x', 12)`,
  );
  await db.execute(sql`
    insert into orders (order_number, user_id, user_name, document_names, subtotal, total_cost, delivery_charge, total_amount, address, door_number,
      pincode, mobile_number, delivery_type, status, payment_status, payment_id, razorpay_order_id, paid_at, created_at)
    select 'PS-' || to_char(now() - (g || ' minutes')::interval, 'YYMMDD') || '-' || upper(lpad(to_hex(g), 5, '0')), 2 + (g % 200), u.name,
      (array['notes','thesis','assignment','resume','project-report'])[1 + g % 5] || '-' || g || '.pdf',
      2400 * (1 + g % 3), 2400 * (1 + g % 3), case when g % 2 = 0 then 3000 else 0 end, 2400 * (1 + g % 3) + case when g % 2 = 0 then 3000 else 0 end,
      case when g % 2 = 0 then '{"address":"Main Road","doorNumber":"1-2","pincode":"522002"}'::jsonb else '"Self Pickup"'::jsonb end,
      case when g % 2 = 0 then '1-2' else 'N/A' end, '522002', '9' || lpad((g % 1000000000)::text, 9, '0'),
      case when g % 2 = 0 then 'delivery' else 'pickup' end,
      case when g <= 40 then (array['unvisited','visited'])[1 + g % 2]
           when g <= 120 then (array['processing','completed'])[1 + g % 2]
           when g % 5 = 0 then 'completed'
           when g % 2 = 0 then 'delivered' else 'collected' end, 'completed', 'pay_' || g, 'order_bench_' || g,
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${orders}) g join users u on u.id = 2 + (g % 200)`);
  // Each order's one document: 12 pages of colour A4, 1 to 3 copies.
  await db.execute(sql`
    insert into order_documents (order_id, position, service_id, service_name, file_id, file_path, original_filename, printing_type, paper_type, paper_size,
      orientation, sides, copies, page_count, page_range, printed_pages, printing_cost, binding_cost)
    select o.id, 1, 1, 'Color Printing A4', ${fileId}, ${`orders/2/${fileId}.pdf`}, o.document_names, 'bw', 'white_75gsm', 'a4', 'portrait', 'single',
      o.subtotal / 2400, 12, '', 12, o.subtotal, 0
    from orders o where o.razorpay_order_id like 'order_bench_%'`);
  await db.execute(sql`analyze`);
}
