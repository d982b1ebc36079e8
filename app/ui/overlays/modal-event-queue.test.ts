import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The queue listens on `window`; in Node an EventTarget stands in for it.
beforeAll(() => {
  vi.stubGlobal("window", new EventTarget());
});
afterAll(() => vi.unstubAllGlobals());

describe("dialogs asked for before the provider is there", () => {
  it("are kept, announced once asked for, and replayed in order when the provider listens", async () => {
    const { onModalRequested, replayQueuedModalEvents, startQueueingModalEvents } = await import("./modal-event-queue");
    startQueueingModalEvents();
    const asked = vi.fn();
    const stop = onModalRequested(asked);
    expect(asked).not.toHaveBeenCalled();

    window.dispatchEvent(new CustomEvent("mantine-modals:openModal", { detail: { title: "Primero" } }));
    window.dispatchEvent(new CustomEvent("mantine-modals:closeAllModals"));
    expect(asked).toHaveBeenCalledTimes(2);

    // A second subscriber (a remount) hears at once that dialogs are waiting.
    const late = vi.fn();
    onModalRequested(late);
    expect(late).toHaveBeenCalledTimes(1);
    stop();

    const received: string[] = [];
    window.addEventListener("mantine-modals:openModal", (event) => received.push(`open ${(event as CustomEvent).detail.title}`));
    window.addEventListener("mantine-modals:closeAllModals", () => received.push("close all"));
    replayQueuedModalEvents();
    expect(received).toEqual(["open Primero", "close all"]);

    // Once replayed, events go straight to the provider: nothing is kept twice.
    window.dispatchEvent(new CustomEvent("mantine-modals:closeAllModals"));
    expect(received).toEqual(["open Primero", "close all", "close all"]);
    replayQueuedModalEvents();
    expect(received).toHaveLength(3);
  });
});
