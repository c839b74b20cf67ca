import type { ComponentType, SVGProps } from 'react';

/**
 * An icon: a Bootstrap Icons SVG compiled into the bundle by unplugin-icons (`~icons/bi/<name>`), only those
 * used. Drawn with the class `bi` (1em, on the text's baseline, in its colour) and `aria-hidden`: the words
 * beside it say what it means.
 */
export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;
