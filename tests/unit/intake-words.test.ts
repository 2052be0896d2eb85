import { describe, expect, it } from "vitest";

import { intakeListCopy } from "~/content/intakes";

// An intake's campus in a sentence: "Yaba campus", never "Yaba campus campus".
describe("an intake's campus in words", () => {
  it("adds the word to a bare name, and not to a name that has it", () => {
    expect(intakeListCopy.campus("Ikeja")).toBe("Ikeja campus");
    expect(intakeListCopy.campus("Yaba campus")).toBe("Yaba campus");
    expect(intakeListCopy.campus("Lekki Campus ")).toBe("Lekki Campus");
    expect(intakeListCopy.campus("Campusville")).toBe("Campusville campus");
  });
});
