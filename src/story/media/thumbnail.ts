import sharp from 'sharp';

/** The final cut's thumbnail: the first scene's keyframe as a JPEG. */
export async function thumbnailFrom(image: Buffer, width = 640): Promise<Buffer> {
  return sharp(image).resize({ width }).jpeg({ quality: 80 }).toBuffer();
}
