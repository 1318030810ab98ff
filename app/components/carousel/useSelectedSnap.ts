import { useCallback, useEffect, useState } from 'react';
import { useCarousel } from './context';

/**
 * The selected scroll snap and the number of snaps, for dots and counters. Before hydration it assumes one
 * snap per slide, which is right for the one-slide-per-view carousels that show dots.
 */
export function useSelectedSnap() {
  const { api, slideCount, reducedMotion, onInteraction } = useCarousel();
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(slideCount);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const scrollTo = useCallback(
    (index: number) => {
      if (!api) return;
      api.scrollTo(index, reducedMotion);
      onInteraction();
    },
    [api, reducedMotion, onInteraction],
  );

  return { selected, snapCount, scrollTo };
}
