import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/carousel/styles.layer.css';
import type { HomeResponse } from '@journals/core/schemas/journals';
import { Carousel } from '@mantine/carousel';
import { useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { usePick } from '../../../lib/journal';
import { useTranslation } from '../../../lib/i18n';

/** The news slider: image and caption per slide (spec 01 §2), following the reading direction. */
export function HomeSlider({ slides }: { slides: HomeResponse['homeSlider'] }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const pick = usePick();
  const small = useMediaQuery('(max-width: 48em)');
  return (
    <Carousel
      key={dir}
      className="home-slider"
      height={small ? 220 : 360}
      withIndicators={slides.length > 1}
      withControls={slides.length > 1}
      emblaOptions={{ loop: slides.length > 1, align: 'start' }}
      getIndicatorProps={(index) => ({ 'aria-label': t('public.slide_alt', { number: index + 1 }) })}
      slideGap="md"
      previousControlProps={{ 'aria-label': t('public.slide_previous') }}
      nextControlProps={{ 'aria-label': t('public.slide_next') }}
    >
      {slides.map((slide, index) => {
        const caption = pick(slide.caption);
        return (
          <Carousel.Slide key={slide.id}>
            <figure className="slide" style={{ margin: 0, '--slide-color': slide.color ?? undefined } as CSSProperties}>
              <img
                src={slide.imageUrl}
                alt={caption || t('public.slide_alt', { number: index + 1 })}
                // The first slide is in view at once (often the largest image of the page); the others wait.
                loading={index === 0 ? 'eager' : 'lazy'}
              />
              {caption && <figcaption className="slide-caption">{caption}</figcaption>}
            </figure>
          </Carousel.Slide>
        );
      })}
    </Carousel>
  );
}
