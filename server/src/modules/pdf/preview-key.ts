/** Where a file's first-page preview image is stored. */
export const previewKeyOf = (id: string) => `previews/${id}.png`;
