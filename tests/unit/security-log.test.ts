import { describe, expect, it } from "vitest";

import { SECURITY_EVENT_TYPES } from "../../api/security-events";
import { securityLogText } from "../../app/content/staff-accounts";
import { logEntryTime, logEventName } from "../../app/features/staff-accounts/log-entry";

describe("the security log as staff read it", () => {
  it("shows times in Lagos, to the second, across midnight", () => {
    expect(logEntryTime("2026-11-24T23:30:05.000Z")).toBe("2026-11-25 00:30:05");
    expect(logEntryTime("2026-01-01T08:00:00.000Z")).toBe("2026-01-01 09:00:00");
  });
  it("names every event the API records in words", () => {
    const unnamed = SECURITY_EVENT_TYPES.filter((e) => !securityLogText.events[e]);
    expect(unnamed).toEqual([]);
    expect(logEventName("login.succeeded")).toBe("Signed in");
    expect(logEventName("some.future_event")).toBe("some.future_event");
  });
});
