import sharp from 'sharp';
import { runTool } from './exec';

/** OCR with tesseract (Debian package tesseract-ocr); the image is normalised to PNG first. */
export async function localOcr(image: Buffer, signal?: AbortSignal): Promise<{ text: string }> {
  const png = await sharp(image).flatten({ background: '#ffffff' }).png().toBuffer();
  const { stdout } = await runTool('tesseract', ['stdin', 'stdout', '-l', 'eng', '--psm', '3'], { input: png, timeoutMs: 60_000, signal });
  return { text: stdout.toString('utf8').replace(/\f/g, '').trim() };
}
