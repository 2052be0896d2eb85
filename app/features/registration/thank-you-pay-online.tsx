import { payOnlineCopy } from "~/content/payments";
import { PayOnline } from "~/features/payments/pay-online";

/** "Pay … online" on the thank-you screen, then the transfer's heading that says it is the other way. */
export function ThankYouPayOnline({ token, fee }: { token: string; fee: string }) {
  return (
    <>
      <PayOnline token={token} fee={fee} />
      <h2>{payOnlineCopy.orTransfer}</h2>
    </>
  );
}
