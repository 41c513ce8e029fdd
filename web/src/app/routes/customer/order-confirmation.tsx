/** Placeholder until this screen lands. */
export default function Page() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Order Confirmation</h1>
    </div>
  );
}
