import type { ErrorTexts } from './types.ts';

/** Error messages of the images area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const IMAGES_ERRORS = {
  'images.unsupportedType': {
    ko: '지원하지 않는 이미지 형식입니다. PNG, JPEG, WebP, GIF만 올릴 수 있습니다.',
    en: 'This image type is not supported. Upload a PNG, JPEG, WebP or GIF.',
  },
  'images.badEncoding': { ko: '이미지 데이터가 올바른 base64 형식이 아닙니다.', en: 'The image data is not valid base64.' },
  'images.tooLarge': { ko: '이미지는 5MB 이하만 올릴 수 있습니다.', en: 'An image can be at most 5 MB.' },
  'images.empty': { ko: '빈 이미지입니다.', en: 'The image is empty.' },
  'images.typeMismatch': {
    ko: '파일 내용이 선언된 형식({{mimeType}})과 다릅니다.',
    en: 'The file is not of the type it declares ({{mimeType}}).',
  },
} as const satisfies ErrorTexts;
