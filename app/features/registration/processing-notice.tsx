import { processingNotice } from "~/content/consent";

// The processing notice (versioned: domain/consent.ts), read before the privacy tick box below it.
export function ProcessingNotice() {
  return (
    <section className="form-section" aria-labelledby="notice-title" id="notice">
      <h2 id="notice-title">{processingNotice.title}</h2>
      {processingNotice.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}
