import { describe, expect, it } from "vitest";
import { parseTraceparent } from "./tracing";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";

describe("parseTraceparent (W3C Trace Context)", () => {
  it("reads version 00 and the sampled flag", () => {
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, spanId: SPAN, sampled: true });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual({ traceId: TRACE, spanId: SPAN, sampled: false });
  });

  it("reads a later version by its first four fields", () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-01-what-comes-next`)).toEqual({ traceId: TRACE, spanId: SPAN, sampled: true });
  });

  it("refuses version ff, extra fields on 00, all-zero ids, upper case and other shapes", () => {
    for (const header of [
      `ff-${TRACE}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-01-extra`,
      `00-${"0".repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${"0".repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}`,
      "",
      undefined,
    ])
      expect(parseTraceparent(header), String(header)).toBeUndefined();
  });
});
