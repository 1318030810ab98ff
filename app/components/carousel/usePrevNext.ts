import { useCallback, useEffect, useState } from 'react';
import { useCarousel } from './context';

/** Previous/next actions and whether each can move; a looping carousel always can. */
export function usePrevNext() {
  const { api, slideCount, loop, reducedMotion, onInteraction } = useCarousel();
  const [canPrev, setCanPrev] = useState(loop && slideCount > 1);
  const [canNext, setCanNext] = useState(slideCount > 1);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const prev = useCallback(() => {
    api?.scrollPrev(reducedMotion);
    onInteraction();
  }, [api, reducedMotion, onInteraction]);

  const next = useCallback(() => {
    api?.scrollNext(reducedMotion);
    onInteraction();
  }, [api, reducedMotion, onInteraction]);

  return { canPrev, canNext, prev, next };
}
