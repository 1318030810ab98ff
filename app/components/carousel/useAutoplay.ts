import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { autoplayState, type AutoplayState } from './state';

/** Marks the pause/play control (CarouselAutoplayToggle): focusing it must not pause what it controls. */
const autoplayToggleAttribute = 'data-carousel-autoplay-toggle';

export type AutoplayControl = {
  state: AutoplayState;
  paused: boolean;
  toggle: () => void;
  /** After a dot, arrow or drag moved the carousel. */
  onInteraction: () => void;
};

/**
 * Drives embla's autoplay plugin from the spec's four states. It pauses while a mouse is over the carousel
 * or keyboard focus is inside it and resumes after; the pause/play control sets `paused`; under reduced motion
 * it starts paused. The plugin's own hover, focus and interaction handling is switched off (see Carousel).
 */
export function useAutoplay(
  api: EmblaCarouselType | undefined,
  rootRef: RefObject<HTMLElement | null>,
  {
    enabled,
    stopOnInteraction,
    reducedMotion,
  }: { enabled: boolean; stopOnInteraction: boolean; reducedMotion: boolean },
): AutoplayControl {
  const [choice, setChoice] = useState<'play' | 'pause' | undefined>();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = choice ? choice === 'pause' : reducedMotion;
  const state = autoplayState({ paused, focused, hovered });

  // Hover is a mouse thing: a tap on a touch screen must not leave the carousel "hovered".
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !enabled) return;
    const enter = (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true);
    const leave = (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(false);
    // Keyboard focus pauses (WCAG 2.2.2); a mouse click that focuses a dot does not outlast the hover.
    const focusIn = (event: FocusEvent) => {
      const target = event.target as Element;
      setFocused(target.matches(':focus-visible') && !target.hasAttribute(autoplayToggleAttribute));
    };
    const focusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    root.addEventListener('pointerenter', enter);
    root.addEventListener('pointerleave', leave);
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    return () => {
      root.removeEventListener('pointerenter', enter);
      root.removeEventListener('pointerleave', leave);
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
    };
  }, [rootRef, enabled]);

  // The plugin follows the state; it forgets it whenever embla re-initialises (resize, breakpoint).
  useEffect(() => {
    if (!api) return;
    const sync = () => {
      // No plugins while embla is switched off (`active: false` at a breakpoint); reInit follows a switch.
      const plugin = api.plugins()?.autoplay;
      if (!plugin) return;
      if (state !== 'playing') plugin.stop();
      else if (!plugin.isPlaying()) plugin.play(reducedMotion);
    };
    // A drag stops the plugin on pointer down; let go, it resumes unless interaction should stop it.
    const pointerUp = () => (stopOnInteraction ? setChoice('pause') : sync());
    sync();
    api.on('reInit', sync).on('pointerUp', pointerUp);
    return () => {
      api.off('reInit', sync).off('pointerUp', pointerUp);
    };
  }, [api, state, reducedMotion, stopOnInteraction]);

  const toggle = useCallback(() => setChoice(paused ? 'play' : 'pause'), [paused]);

  const onInteraction = useCallback(() => {
    if (stopOnInteraction) setChoice('pause');
    // A fresh full interval after the visitor picked a slide, rather than moving on at once.
    else api?.plugins()?.autoplay?.reset();
  }, [api, stopOnInteraction]);

  return { state, paused, toggle, onInteraction };
}
