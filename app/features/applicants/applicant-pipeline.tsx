import { Form, useActionData, useNavigation } from "@remix-run/react";

import { APPLICANT_STATUSES, NOTE_MAX_LENGTH } from "@domain/pipeline";
import { ErrorList } from "~/components/form-parts";
import { pipelineText as p } from "~/content/lifecycle";

type Props = {
  /** The status refused while fees are owed, with the API's words: the confirmation's form (docs/decisions/093). */
  owedConfirm?: { status: string; message: string } | undefined;
  status: (typeof APPLICANT_STATUSES)[number];
  statusChanged: string | null;
  notes: { id: string; body: string; createdAt: string; by: string }[];
};
type Reply = {
  result?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
};

/**
 * The applicant's status and notes, each a real form with an `intent` (works with JavaScript
 * off); a refused note comes back with what was typed.
 */
export function ApplicantPipeline({ status, statusChanged, notes, owedConfirm }: Props) {
  const reply = useActionData<Reply>()?.result;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const sentIntent = reply?.initialValue?.intent;
  const errorsOf = (intent: string, field: string) =>
    sentIntent === intent ? (reply?.error?.[field] ?? reply?.error?.[""]) : null;
  const general = sentIntent !== "status" && sentIntent !== "note" ? reply?.error?.[""] : null;
  const typedNote =
    sentIntent === "note" && typeof reply?.initialValue?.body === "string" ? reply.initialValue.body : "";
  return (
    <section className="applicant-pipeline" aria-label={p.changeStatus}>
      <ErrorList id="pipeline-errors" errors={general} />
      {owedConfirm ? (
        <div className="fees-owed-confirm" role="alert">
          <h2>{p.feesOwedTitle}</h2>
          <p>{owedConfirm.message}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={owedConfirm.status} />
            <input type="hidden" name="confirmOwed" value="yes" />
            <button type="submit" className="btn btn-primary" disabled={busy("status")}>
              {p.feesOwedConfirm(p.statuses[owedConfirm.status as keyof typeof p.statuses] ?? owedConfirm.status)}
            </button>
          </Form>
        </div>
      ) : null}
      <Form method="post" className="pipeline-status">
        <input type="hidden" name="intent" value="status" />
        <div className="field">
          <label htmlFor="pipeline-status">{p.status}</label>
          <select id="pipeline-status" name="status" defaultValue={status} key={status}>
            {APPLICANT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {p.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy("status")} aria-busy={busy("status")}>
          {p.saveStatus}
        </button>
        <ErrorList id="pipeline-status-errors" errors={errorsOf("status", "status")} />
        {statusChanged ? (
          <p>
            <small>{statusChanged}</small>
          </p>
        ) : null}
      </Form>

      <h2 id="notes">{p.notes}</h2>
      <Form method="post" className="pipeline-note" key={notes.length}>
        <input type="hidden" name="intent" value="note" />
        <div className="field">
          <label htmlFor="pipeline-note">{p.newNote}</label>
          <textarea
            id="pipeline-note"
            name="body"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            required
            defaultValue={typedNote}
            aria-describedby={errorsOf("note", "body")?.length ? "pipeline-note-errors" : undefined}
          />
          <ErrorList id="pipeline-note-errors" errors={errorsOf("note", "body")} />
        </div>
        <button type="submit" className="btn btn-outline" disabled={busy("note")} aria-busy={busy("note")}>
          {p.addNote}
        </button>
      </Form>
      {notes.length === 0 ? (
        <p>{p.noNotes}</p>
      ) : (
        <ul className="pipeline-notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p className="pipeline-note-body">{n.body}</p>
              <small>
                <time dateTime={n.createdAt}>{n.by}</time>
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
