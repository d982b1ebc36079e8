// Mirrors the markup of @mantine/core 9.7.3 (decision 0063; plain-mantine-version.test.ts fails when another is installed).
import type { ComponentProps, CSSProperties } from "react";
import { useEffect, useRef, useState } from "react";
import { BORDER_WIDTH, PlainButton } from "./plain-button";

/*
 * Mantine's <Button loading> as plain markup (decision 0049): the button, and its spinner sliding in
 * and out as Mantine's Transition moves it, without Mantine's Button, Loader and Transition (about
 * 2.5 KB gzip). Its own module, so that the pages without a loading button (and the shell, whose
 * footer and cookie banner use PlainButton) do not carry the transition.
 */

type PlainLoadingButtonProps = ComponentProps<typeof PlainButton> & { loading: boolean };

/** Mantine's `<Button loading={…}>`. */
export function PlainLoadingButton(props: PlainLoadingButtonProps) {
  return <PlainButton {...props} loaderStyle={useLoaderTransition(props.loading)} />;
}

const LOADER_MS = 150;

type LoaderPhase = "in" | "out" | "unstyled" | "gone";

/** The loader's styles in each phase of Mantine's Transition (its Button's loaderTransition, 150 ms, ease). */
function loaderStyle(phase: "in" | "out"): CSSProperties {
  return {
    transitionProperty: "transform, opacity",
    WebkitBackfaceVisibility: "hidden",
    transitionDuration: `${LOADER_MS}ms`,
    transitionTimingFunction: "ease",
    transformOrigin: "center",
    ...(phase === "in"
      ? { opacity: 1, transform: `translate(-50%, calc(-50% + ${BORDER_WIDTH}))` }
      : { opacity: 0, transform: "translate(-50%, -200%)" }),
  };
}

/**
 * Mantine's Transition of the button's loader: shown from the first render when loading, it then
 * slides in and out over 150 ms, from a frame with the "out" styles. For visitors who ask their system for less motion (the theme's
 * `respectReducedMotion`) it comes and goes at once, unstyled, as in Mantine. Null: no loader.
 */
function useLoaderTransition(loading: boolean): CSSProperties | null {
  const [phase, setPhase] = useState<LoaderPhase>(loading ? "in" : "gone");
  // The value the loader last moved for: a render with the same value (the first, or Strict Mode's
  // second effect) starts no transition.
  const shown = useRef(loading);
  useEffect(() => {
    if (shown.current === loading) return;
    shown.current = loading;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setPhase(loading ? "unstyled" : "gone");
      return;
    }
    // The "out" styles first, for at least one frame (Mantine flushes them synchronously in a frame
    // with react-dom's flushSync, which would bring react-dom into the landing pages' chunk), so the
    // browser has a start for the CSS transition; then the target, and after 150 ms the end.
    setPhase("out");
    let timer = -1;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        setPhase(loading ? "in" : "out");
        timer = window.setTimeout(() => setPhase(loading ? "in" : "gone"), LOADER_MS);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [loading]);
  if (phase === "gone") return null;
  return phase === "unstyled" ? {} : loaderStyle(phase);
}
