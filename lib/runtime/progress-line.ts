/** One updating line on a terminal; a line every few seconds in logs. */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr) {
  let lastStage = "";
  let lastPrinted = 0;
  return (p: { stage: string; done: number; total: number }) => {
    const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
    const text = `loading Steam data: ${p.stage} ${p.done.toLocaleString("en-US")}/${p.total.toLocaleString("en-US")} (${percent}%)`;
    if (stream.isTTY) {
      stream.write(`\r\x1b[2K${text}`);
      if (p.done >= p.total) stream.write("\n");
      return;
    }
    const now = Date.now();
    if (p.stage !== lastStage || now - lastPrinted > 3_000 || p.done >= p.total) {
      stream.write(`${text}\n`);
      lastStage = p.stage;
      lastPrinted = now;
    }
  };
}
