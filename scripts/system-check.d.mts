export interface SystemPackage {
  name: string;
  programs?: string[];
  files?: string[];
  python?: string;
  why: string;
}
export const SYSTEM_PACKAGES: SystemPackage[];
export function findProgram(program: string, pathValue?: string): string | undefined;
export function missingPackages(packages?: SystemPackage[], pathValue?: string): SystemPackage[];
export function missingMessage(missing: SystemPackage[]): string;
