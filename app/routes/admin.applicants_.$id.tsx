import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { applicantValueText } from "@domain/applicant-values";
import { offerState } from "@domain/pipeline";
import { formatWhen, lagosDate } from "@domain/schedule";
import { staffName } from "@domain/staff-names";
import { inboxText as t } from "~/content/inbox";
import { duplicatesCopy, pipelineText as p } from "~/content/lifecycle";
import { refundQuestionCopy as refundCopy } from "~/content/payments-staff";
import {
  ApplicantDuplicates,
  CLOSE_DUPLICATE_INTENT,
  type DuplicateView,
} from "~/features/applicants/applicant-duplicates";
import { ApplicantFiles } from "~/features/applicants/applicant-files";
import { ApplicantOffer } from "~/features/applicants/applicant-offer";
import { ApplicantPipeline } from "~/features/applicants/applicant-pipeline";
import { ApplicantPrivacy } from "~/features/applicants/applicant-privacy";
import { ApplicantRefund, REFUND_NONE_INTENT, type RefundView } from "~/features/applicants/applicant-refund";
import { ApplicantStatement } from "~/features/applicants/applicant-statement";
import { closeDuplicate } from "~/features/applicants/duplicates.server";
import { makeOffer } from "~/features/applicants/offer.server";
import { PaymentProof } from "~/features/applicants/payment-proof";
import { decideProof, PROOF_INTENTS } from "~/features/applicants/payment-proof.server";
import { pipelineForm } from "~/features/applicants/pipeline-schema";
import { decideNoRefund } from "~/features/applicants/refund.server";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { FeeTransfer } from "~/features/payments/fee-transfer";
import { FEE_TRANSFER_INTENT, loadFeeTransfer, recordFeeTransfer } from "~/features/payments/fee-transfer.server";
import { FeesOwedError, UpstreamError } from "~/upstream/index.server";
import { siteSettingsFor } from "~/upstream/settings.server";
import { readForm } from "~/utils/form-body.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, data ? `${data.applicant.firstname} ${data.applicant.lastname}` : t.applicantsTitle) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.applicants_.$id");
  try {
    const applicant = await api.applicants.get(params.id ?? "");
    const pipeline = {
      status: applicant.status,
      statusChanged: applicant.statusChangedAt
        ? p.statusChanged(staffName(applicant.statusChangedBy), formatWhen(applicant.statusChangedAt))
        : null,
      notes: applicant.notes.map((n) => ({
        id: n._id,
        body: n.body,
        createdAt: n.createdAt,
        by: p.noteBy(staffName(n.author), formatWhen(n.createdAt)),
      })),
    };
    const proof = {
      state: applicant.paymentProof ?? null,
      transferReference: applicant.paymentTransferRef ?? "",
      sentAt: applicant.paymentProofAt ? formatWhen(applicant.paymentProofAt) : "",
      rejectedReason: applicant.paymentRejectedReason ?? "",
      file: applicant.paymentProofFile ?? null,
    };
    const offer = {
      status: applicant.status,
      offerExpiresAt: applicant.offerExpiresAt ?? null,
      lapsed: offerState(applicant.status, applicant.offerExpiresAt) === "lapsed",
      today: lagosDate(),
    };
    const fee = await loadFeeTransfer(api, applicant._id);
    const r = applicant.refund;
    const settings = r ? await siteSettingsFor(request) : null;
    const refund: RefundView | null = r
      ? {
          question: r.question,
          paid: applicant.statement.paid.text,
          policy: settings?.payments.refundPolicy ?? "",
          reference: applicant.reference,
          decided:
            r.question === "refunded"
              ? refundCopy.refunded(formatWhen(r.decidedAt ?? ""), staffName(r.decidedBy))
              : r.question === "none_due"
                ? refundCopy.noneDue(formatWhen(r.decidedAt ?? ""), staffName(r.decidedBy), r.note ?? "")
                : null,
        }
      : null;
    const duplicates: DuplicateView[] = applicant.possibleDuplicates.map((d) => ({
      id: d._id,
      reference: d.reference,
      line: duplicatesCopy.line(d.reference, d.courseTitle, p.statuses[d.status], formatWhen(d.createdAt)),
    }));
    return json(
      { applicant, received: formatWhen(applicant.createdAt), pipeline, proof, offer, fee, refund, duplicates },
      { headers: api.headers },
    );
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/** The pipeline's two forms: change the status, add a note (docs/product.md §4); and "Make an offer". */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.applicants_.$id");
  const { formData } = await readForm(request);
  // The receipt's two decisions (docs/product.md §4) beside the status and note forms.
  if ((PROOF_INTENTS as readonly unknown[]).includes(formData.get("intent")))
    return decideProof(request, api, params.id ?? "", formData);
  if (formData.get("intent") === "offer") return makeOffer(request, api, params.id ?? "", formData);
  // The same person's other application kept, this one closed (docs/decisions/100).
  if (formData.get("intent") === CLOSE_DUPLICATE_INTENT) return closeDuplicate(request, api, params.id ?? "", formData);
  // Withdrawn after paying: no refund is due (docs/decisions/099-withdrawn-after-paying.md).
  if (formData.get("intent") === REFUND_NONE_INTENT) return decideNoRefund(request, api, params.id ?? "", formData);
  // A course-fee transfer paid at the bank (docs/decisions/081-one-application-pays-in-turn.md).
  if (formData.get("intent") === FEE_TRANSFER_INTENT) return recordFeeTransfer(request, api, params.id ?? "", formData);
  const submission = parseWithZod(formData, { schema: pipelineForm });
  if (submission.status !== "success") {
    // A form from neither of the page's two forms (an old page, a hand-made request) still gets words.
    const known = submission.payload.intent === "status" || submission.payload.intent === "note";
    return json({ result: submission.reply(known ? undefined : { formErrors: [p.saveFailed] }) }, { status: 400 });
  }
  const id = params.id ?? "";
  const here = `/admin/applicants/${encodeURIComponent(id)}`;
  try {
    if (submission.value.intent === "status") {
      await api.applicants.setStatus(id, submission.value.status, submission.value.confirmOwed === "yes");
      return redirectWithToast(
        here,
        { message: p.statusSaved(p.statuses[submission.value.status]), type: "success" },
        { headers: api.headers },
        request,
      );
    }
    await api.applicants.addNote(id, submission.value.body);
    return redirectWithToast(
      `${here}#notes`,
      { message: p.noteSaved, type: "success" },
      { headers: api.headers },
      request,
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    // Fees are still owed: the page asks staff to confirm, nothing was changed (docs/decisions/093).
    if (error instanceof FeesOwedError && submission.value.intent === "status")
      return json(
        { result: submission.reply(), owedConfirm: { status: submission.value.status, message: error.message } },
        { status: 409 },
      );
    const message = error instanceof UpstreamError && error.status < 500 ? error.message : p.saveFailed;
    if (!(error instanceof UpstreamError)) console.error("[applicants] pipeline change failed", error);
    return json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
}

type OwedConfirm = { status: string; message: string };

export default function ApplicantDetail() {
  const { applicant, received, pipeline, proof, offer, fee, refund, duplicates } = useLoaderData<typeof loader>();
  const decided = useActionData<typeof action>();
  return (
    <>
      <h1>{`${applicant.firstname} ${applicant.lastname}`}</h1>
      <p>
        <Link to="/admin/applicants">← {t.backToApplicants}</Link>
      </p>
      <ApplicantDuplicates
        duplicates={duplicates}
        open={applicant.status !== "withdrawn" && applicant.status !== "declined"}
        error={decided && "duplicateError" in decided ? decided.duplicateError : undefined}
      />
      <ApplicantStatement statement={applicant.statement} />
      {refund ? (
        <ApplicantRefund
          refund={refund}
          failed={decided && "refundDecision" in decided ? decided.refundDecision : undefined}
        />
      ) : null}
      <ApplicantPipeline
        {...pipeline}
        owedConfirm={decided && "owedConfirm" in decided ? (decided.owedConfirm as OwedConfirm) : undefined}
      />
      <ApplicantOffer {...offer} />
      <PaymentProof proof={proof} error={decided && "proofError" in decided ? decided.proofError : undefined} />
      <FeeTransfer fee={fee} failed={decided && "feeTransfer" in decided ? decided.feeTransfer : undefined} />
      <dl className="admin-detail">
        {t.applicantFields.map(([key, label]) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd>{key === "createdAt" ? received : applicantValueText(key, applicant[key])}</dd>
          </div>
        ))}
      </dl>
      <ApplicantPrivacy applicant={applicant} />
      <h2>{t.files}</h2>
      <ApplicantFiles applicant={applicant} />
    </>
  );
}
