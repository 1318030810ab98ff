import { useCallback, useEffect, useRef, useState } from 'react';
import { useCarousel } from './context';

/**
 * Previous/next actions and whether each can move; a looping carousel always can. embla loads just after
 * hydration: a click that comes before it is kept and carried out once it is there.
 */
export function usePrevNext() {
  const { api, slideCount, loop, reducedMotion, onInteraction } = useCarousel();
  const [canPrev, setCanPrev] = useState(loop && slideCount > 1);
  const [canNext, setCanNext] = useState(slideCount > 1);
  const pending = useRef<'prev' | 'next' | undefined>(undefined);

  useEffect(() => {
    if (!api) return;
    if (pending.current === 'next') api.scrollNext(reducedMotion);
    if (pending.current === 'prev') api.scrollPrev(reducedMotion);
    pending.current = undefined;
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, reducedMotion]);

  const prev = useCallback(() => {
    if (api) api.scrollPrev(reducedMotion);
    else pending.current = 'prev';
    onInteraction();
  }, [api, reducedMotion, onInteraction]);

  const next = useCallback(() => {
    if (api) api.scrollNext(reducedMotion);
    else pending.current = 'next';
    onInteraction();
  }, [api, reducedMotion, onInteraction]);

  return { canPrev, canNext, prev, next };
}
