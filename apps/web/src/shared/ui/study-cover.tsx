/**
 * A study's cover (issue 13 item 16): the uploaded image (640/1280 px webp, lazy below the fold)
 * or, without one, the generated art of cover-art.ts. Decorative next to the study's title, so
 * alt="" and aria-hidden; a fixed aspect ratio reserves its space (no layout shift).
 */
import { useId, useState } from 'react';
import { coverArt } from './cover-art';

export interface StudyCoverSource {
  id: string;
  slug?: string | null;
  title: string;
  type?: string | null;
  coverImage?: string | null;
  coverImageThumb?: string | null;
}

export type StudyCoverShape = 'card' | 'hero' | 'thumb' | 'icon';

export function StudyCover({
  study,
  shape,
  priority = false,
  sizes,
  className = '',
}: {
  study: StudyCoverSource;
  /** card 16:9 bleeding to the card's edges, hero 16:9 (21:9 on phones), thumb 16:9 small, icon a 44 px square */
  shape: StudyCoverShape;
  /** above the fold: loaded eagerly and first */
  priority?: boolean;
  /** the `sizes` of the image's srcset */
  sizes?: string;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const full = study.coverImage ?? null;
  const thumb = study.coverImageThumb ?? full;
  const useImage = !!full && broken !== full;
  return (
    <div
      className={`study-cover study-cover--${shape} ${className}`}
      data-cover={useImage ? 'image' : 'generated'}
      data-testid="study-cover"
    >
      {useImage ? (
        <img
          src={shape === 'hero' ? full : thumb!}
          srcSet={thumb && thumb !== full ? `${thumb} 640w, ${full} 1280w` : undefined}
          sizes={sizes ?? (shape === 'hero' ? '(max-width: 768px) 100vw, 560px' : '(max-width: 768px) 100vw, 400px')}
          alt=""
          width={640}
          height={360}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          onError={() => setBroken(full)}
        />
      ) : (
        <GeneratedCover seed={study.slug || study.id} title={study.title} topic={study.type} centred={shape === 'icon'} />
      )}
    </div>
  );
}

function GeneratedCover({ seed, title, topic, centred }: { seed: string; title: string; topic?: string | null; centred: boolean }) {
  const id = useId().replace(/:/g, '');
  const art = coverArt({ seed, title, topic });
  return (
    <svg
      viewBox="0 0 160 90"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-user-content=""
      data-pattern={art.pattern}
    >
      <defs>
        <linearGradient id={`g${id}`} gradientTransform={`rotate(${art.angle} 0.5 0.5)`}>
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <rect width="160" height="90" fill={`url(#g${id})`} />
      {art.shapes.map((s, i) => {
        const Tag = s.kind;
        return <Tag key={i} {...toReactAttrs(s.attrs)} />;
      })}
      <text x={centred ? 80 : 14} y={centred ? 56 : 66} textAnchor={centred ? 'middle' : 'start'} className="study-cover__initials">
        {art.initials}
      </text>
    </svg>
  );
}

/** SVG attribute names (stroke-width) → React's (strokeWidth). */
function toReactAttrs(attrs: Record<string, string | number>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(attrs)) out[k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}
