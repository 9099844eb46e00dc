import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Checks a Crossref deposit with a real XML Schema validator (libxml2's xmllint, compiled to WebAssembly): against
 * the subset of Crossref 5.3.1 this project keeps (fixtures/crossref, decision 0086), and also against Crossref's
 * own schema files wherever CROSSREF_SCHEMA_DIR names a folder holding them (crossref5.3.1.xsd and what it imports,
 * as Crossref's schema bundle lays them out). Answers the validator's errors, none when the deposit is valid.
 */
const SUBSET = path.join(import.meta.dirname, 'fixtures/crossref/crossref-5.3.1-deposit-subset.xsd');

async function validateWith(xml: string, schemaFile: string, preload: string[]) {
  const result = await validateXML({
    xml: [{ fileName: 'deposit.xml', contents: xml }],
    schema: [{ fileName: path.basename(schemaFile), contents: readFileSync(schemaFile, 'utf8') }],
    preload: preload.map((file) => ({ fileName: path.basename(file), contents: readFileSync(file, 'utf8') })),
  });
  return result.errors.map((error) => `${path.basename(schemaFile)}: ${error.rawMessage}`);
}

export async function depositErrors(xml: string): Promise<string[]> {
  const errors = await validateWith(xml, SUBSET, []);
  const official = process.env.CROSSREF_SCHEMA_DIR;
  if (official) {
    const main = path.join(official, 'crossref5.3.1.xsd');
    if (!existsSync(main)) throw new Error(`CROSSREF_SCHEMA_DIR has no crossref5.3.1.xsd: ${official}`);
    const others = readdirSync(official)
      .filter((file) => file.endsWith('.xsd') && file !== 'crossref5.3.1.xsd')
      .map((file) => path.join(official, file));
    errors.push(...(await validateWith(xml, main, others)));
  }
  return errors;
}
