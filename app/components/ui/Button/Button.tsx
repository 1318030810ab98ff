import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../../lib/class-names';
import * as styles from './Button.css';

export type ButtonVariants = { tone?: keyof typeof styles.tone; width?: keyof typeof styles.width };

/** The class names of a button (or of a link that looks like one). */
export function buttonStyle({ tone = 'primary', width = 'auto' }: ButtonVariants = {}): string {
  return `${styles.base} ${styles.tone[tone]} ${styles.width[width]}`;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

export function Button({ tone, width, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonStyle({ tone, width }), className)} {...rest} />;
}
