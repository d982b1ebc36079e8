import fs from "node:fs";
import { Parser } from "htmlparser2";

export class ImportError extends Error {}

export type XmlNode = { name: string; text: string; children: XmlNode[] };

/** The first child's text by element name ("" when absent). */
export const textOf = (node: XmlNode, name: string) => node.children.find((c) => c.name === name)?.text.trim() ?? "";

function declaredEncoding(file: string): string {
  const handle = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(200);
    const read = fs.readSync(handle, head, 0, 200, 0);
    const match = /^(?:\uFEFF)?<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head.subarray(0, read).toString("latin1"));
    return match?.[1]?.toLowerCase() ?? "utf-8";
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Streams an XML file, decoded by the encoding its declaration names (the Nomenclátor's dumps are
 * UTF-8 or ISO-8859-1), and hands over each child of the root element as a small tree, so a file of
 * hundreds of megabytes never sits in memory whole. A byte sequence invalid in that encoding, a file
 * that ends inside an element, or no root element is an ImportError naming the file.
 */
export async function readXmlRecords(file: string, onRoot: (name: string) => void, onRecord: (node: XmlNode) => void): Promise<void> {
  const name = file.split("/").pop();
  const encoding = declaredEncoding(file);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new ImportError(`${name}: codificación «${encoding}» no admitida.`);
  }
  const stack: XmlNode[] = [];
  let root: string | null = null;
  let failure: Error | null = null;
  const parser = new Parser(
    {
      onopentag(tag) {
        if (failure) return;
        if (root === null) {
          root = tag;
          try {
            onRoot(tag);
          } catch (error) {
            failure = error as Error;
          }
          stack.push({ name: tag, text: "", children: [] });
          return;
        }
        const node: XmlNode = { name: tag, text: "", children: [] };
        if (stack.length > 1) stack[stack.length - 1]?.children.push(node);
        stack.push(node);
      },
      ontext(text) {
        const top = stack[stack.length - 1];
        if (top && stack.length > 1) top.text += text;
      },
      onclosetag() {
        const node = stack.pop();
        if (node && stack.length === 1 && !failure) onRecord(node);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  const stream = fs.createReadStream(file);
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (failure) break;
    }
    if (!failure) parser.write(decoder.decode());
  } catch (error) {
    stream.destroy();
    if (error instanceof TypeError) throw new ImportError(`${name}: el contenido no está en la codificación declarada (${encoding}).`);
    throw error;
  }
  if (failure) throw failure;
  if (root === null) throw new ImportError(`${name}: no es un fichero XML (no hay elemento raíz).`);
  if (stack.length > 0) {
    throw new ImportError(`${name}: el fichero está incompleto (termina dentro de <${stack[stack.length - 1]?.name}>).`);
  }
  parser.end();
}
