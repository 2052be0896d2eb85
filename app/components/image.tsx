import { useImageBase, useLite } from "~/hooks/use-user";
import { imageUrl } from "~/utils/images";

// The one way to show an uploaded image: srcset/sizes, explicit width and height (no layout
// shift), lazy unless it is above the fold.
type Props = {
  publicId: string;
  alt: string;
  width: number;
  height: number;
  /** Responsive widths for srcset (w descriptors) with `sizes`. */
  widths?: number[];
  sizes?: string;
  /** Fixed display width with device-pixel-ratio variants (x descriptors), e.g. featured images at 1000. */
  dprs?: number[];
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  className?: string;
  /** The width of the one variant a Lite page gets (default: the smallest of `widths`, or `width`). */
  liteWidth?: number;
};

export function Image({ publicId, alt, width, height, widths, sizes, dprs, priority, className, liteWidth }: Props) {
  const base = useImageBase();
  const lite = useLite();
  const ratio = height / width;
  const at = (w: number, dpr?: number) =>
    imageUrl(base, publicId, { width: w, height: Math.round(w * ratio), dpr, low: lite });
  if (lite) {
    // An empty alt says the picture adds nothing to the text beside it: not worth the bytes.
    if (!alt) return null;
    return (
      <img
        className={className}
        src={at(liteWidth ?? Math.min(...(widths ?? [width])))}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
      />
    );
  }
  const srcSet = dprs
    ? dprs.map((d) => `${at(width, d)} ${d}x`).join(", ")
    : (widths ?? [width]).map((w) => `${at(w)} ${w}w`).join(", ");
  return (
    <img
      className={className}
      src={at(width)}
      srcSet={srcSet}
      sizes={dprs ? undefined : sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}

/** Featured images display at width 1000 with the device's pixel ratio (docs/product.md §7). */
export function FeaturedImage({
  publicId,
  alt,
  priority = true,
}: {
  publicId: string;
  alt: string;
  priority?: boolean;
}) {
  return (
    <Image
      className="featured-image"
      publicId={publicId}
      alt={alt}
      width={1000}
      height={625}
      dprs={[1, 2]}
      priority={priority}
      liteWidth={540}
    />
  );
}
