import type { ButtonHTMLAttributes } from 'react';
import { button, type ButtonVariants } from './Button.css';

export { button as buttonStyle } from './Button.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

export function Button({ tone, width, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={[button({ tone, width }), className].filter(Boolean).join(' ')} {...rest} />;
}
