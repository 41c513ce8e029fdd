import { groupIndianMobile, normalisePincode } from '@shop/shared/common/mobile';
import { forwardRef, type ChangeEvent, type FocusEvent, type InputHTMLAttributes } from 'react';
import { Input } from './input';

type Props = InputHTMLAttributes<HTMLInputElement>;

/**
 * The text as the field shows it once the number is whole: grouped "93900 11223" for a mobile, "522002" for a
 * pincode. Done when the field is left, and at once for a paste or an autofill (the whole number arrived), never
 * while a digit at a time is typed (the cursor would jump). No maxLength: it cut pasted "+91 93900 11223" before
 * the +91 and the spaces could be taken off. The schemas normalise the same way (shared/src/common/mobile.ts).
 */
function tidyInput(tidy: (text: string) => string, defaults: Props) {
  return forwardRef<HTMLInputElement, Props>(function TidyInput({ onChange, onBlur, ...props }, ref) {
    const rewrite = (el: HTMLInputElement) => {
      const next = tidy(el.value);
      if (next === el.value) return false;
      el.value = next;
      return true;
    };
    const change = (e: ChangeEvent<HTMLInputElement>) => {
      const kind = (e.nativeEvent as InputEvent).inputType;
      if (kind === 'insertFromPaste' || kind === 'insertReplacementText' || kind === undefined) rewrite(e.target);
      onChange?.(e);
    };
    const blur = (e: FocusEvent<HTMLInputElement>) => {
      // The tidied text reaches the form as a change before it hears of the blur (react-hook-form checks on blur).
      if (rewrite(e.target))
        onChange?.({
          ...e,
          type: 'change',
          target: e.target,
          currentTarget: e.target,
        } as unknown as ChangeEvent<HTMLInputElement>);
      onBlur?.(e);
    };
    return <Input ref={ref} {...defaults} {...props} onChange={change} onBlur={blur} />;
  });
}

/** An Indian mobile number field: any way people type or paste it (common/mobile.ts). */
export const PhoneInput = tidyInput(groupIndianMobile, { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' });

/** A 6-digit pincode field: "522 002" and "522-002" read as 522002. */
export const PincodeInput = tidyInput(
  (text) => {
    const code = normalisePincode(text);
    return /^\d{6}$/.test(code) ? code : text;
  },
  { inputMode: 'numeric', autoComplete: 'postal-code' },
);
