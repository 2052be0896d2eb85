import { describe, expect, it } from "vitest";

import { quietPartHeaders } from "~/utils/form-body.server";

const part = (name: string, filename: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF; data;\r\n`;

function through(body: string, chunkSize: number) {
  const quiet = quietPartHeaders();
  const bytes = Buffer.from(body, "latin1");
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) out.push(Buffer.from(quiet.push(bytes.subarray(i, i + chunkSize))));
  out.push(Buffer.from(quiet.flush()));
  return Buffer.concat(out).toString("latin1");
}

describe("quietPartHeaders (a `;` in a file name must not break the multipart parser)", () => {
  const body = part("idFiles", ";env;") + part("other", "a;b.pdf") + "--B--\r\n";
  const expected = part("idFiles", "_env_") + part("other", "a_b.pdf") + "--B--\r\n";

  it.each([1, 7, 50, 10_000])("rewrites only quoted header values, whatever the chunk size (%i)", (size) => {
    expect(through(body, size)).toBe(expected);
  });

  it("keeps every byte count and leaves file data alone", () => {
    const out = through(body, 13);
    expect(out.length).toBe(body.length);
    expect(out).toContain("%PDF; data;");
  });
});
