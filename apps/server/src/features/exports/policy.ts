import { definePolicy } from "../../platform/access.ts";
import type { ExportFileRow } from "./queries.ts";

/** Export files: anyone of the account who may read export files reads its files (the account owns them). */
export const exportFilePolicy = definePolicy<ExportFileRow>("export_file");
