/** Files a picker did not take, each with its reason: an alert above the chosen ones. */
export function RefusedFiles({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-red-50 p-3 text-sm">
      <p className="font-medium text-destructive">{title}</p>
      <ul className="mt-1 list-disc pl-5 text-zinc-800">
        {lines.map((line, index) => (
          <li key={`${line}-${index}`}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
