// The part of autocannon's API bench-figures.ts uses (the package ships no types).
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; amount?: number; pipelining?: number };
  type Result = { requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number };
  export default function autocannon(options: Options): Promise<Result>;
}
