/** Recording a canvas to a WebM file with MediaRecorder, where the browser supports it. */
export function recordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.captureStream === 'function'
  );
}

/** Starts recording; the returned function stops it, and `onReady` receives the file's object URL. */
export function startRecording(canvas: HTMLCanvasElement, onReady: (url: string) => void): () => void {
  const stream = canvas.captureStream(30);
  const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((m) => MediaRecorder.isTypeSupported(m));
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  recorder.onstop = () => {
    stream.getTracks().forEach((tr) => tr.stop());
    if (chunks.length) onReady(URL.createObjectURL(new Blob(chunks, { type: 'video/webm' })));
  };
  recorder.start(500);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (recorder.state !== 'inactive') recorder.stop();
  };
}
