import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StudyCover } from './study-cover';

const study = { id: 's1', slug: '1-tecoteco', title: '테코테코 알고리즘', type: 'PARTICIPATORY' };

describe('<StudyCover>', () => {
  it('draws the same generated cover for the same study, another for another study', () => {
    const svgOf = (s: typeof study) => {
      const { container, unmount } = render(<StudyCover study={s} shape="card" />);
      // the gradient id differs per instance (useId); the drawing does not
      const html = container.querySelector('svg')!.outerHTML.replace(/id="[^"]+"|url\(#[^)]+\)/g, '');
      unmount();
      return html;
    };
    expect(svgOf(study)).toBe(svgOf({ ...study }));
    expect(svgOf({ ...study, slug: '2-11routine' })).not.toBe(svgOf(study));
    const { container } = render(<StudyCover study={study} shape="card" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.textContent).toBe('테알');
    expect(container.querySelector('[data-cover]')!.getAttribute('data-cover')).toBe('generated');
  });

  it('shows an uploaded cover lazily with a 640/1280 srcset and empty alt; above the fold it loads eagerly', () => {
    const withImage = { ...study, coverImage: '/c?size=1280&v=2', coverImageThumb: '/c?size=640&v=2' };
    const { container, rerender } = render(<StudyCover study={withImage} shape="card" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('src')).toBe('/c?size=640&v=2');
    expect(img.getAttribute('srcset')).toBe('/c?size=640&v=2 640w, /c?size=1280&v=2 1280w');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('360');
    rerender(<StudyCover study={withImage} shape="hero" priority />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  it('falls back to the generated cover when the image cannot be loaded', () => {
    const { container } = render(<StudyCover study={{ ...study, coverImage: '/gone', coverImageThumb: '/gone' }} shape="card" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
