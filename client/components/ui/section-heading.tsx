/** A section's small eyebrow line, its h2 and a lead, centred above the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className="mb-2 text-sm font-black tracking-wider text-primary-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="text-2xl font-black text-ink-900 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-lg text-ink-600">{text}</p>
    </div>
  );
}
