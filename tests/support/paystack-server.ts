import { startPaystack } from "./paystack";

// The stand-in Paystack as a process, for the browser journeys (playwright.config.ts starts it):
// PAYSTACK_FAKE_PORT, PAYSTACK_SECRET_KEY and the academy's webhook URL from the environment.
const paystack = await startPaystack({
  secretKey: process.env.PAYSTACK_SECRET_KEY ?? "",
  webhookUrl: process.env.PAYSTACK_WEBHOOK_URL,
  port: Number(process.env.PAYSTACK_FAKE_PORT),
});
console.log(`fake Paystack on ${paystack.base}`);
const stop = () => void paystack.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
