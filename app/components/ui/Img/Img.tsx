import type { Image } from '../../../types/site';

export type ImgProps = {
  image: Image;
  /**
   * `lazy` (default) for images below the fold; `eager` for images beside it (other carousel slides);
   * `priority` for the page's largest paint.
   */
  load?: 'lazy' | 'eager' | 'priority';
  className?: string;
};

/** An image from fixture data, always with its width and height so its box is known before it loads. */
export function Img({ image, load = 'lazy', className }: ImgProps) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={load === 'priority' ? 'high' : load === 'eager' ? 'low' : undefined}
      decoding={load === 'priority' ? 'sync' : 'async'}
      className={className}
    />
  );
}
