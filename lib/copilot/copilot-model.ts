import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { AnalystModel } from "./analyst-model";

/**
 * The copilot's model: `LUDEX_LLM=openai:<model>` or `anthropic:<model>` with the provider's usual key
 * (OPENAI_API_KEY, ANTHROPIC_API_KEY); unset, the built-in deterministic analyst.
 */
export function copilotModel(): { model: LanguageModel; name: string; builtIn: boolean } {
  const setting = process.env.LUDEX_LLM?.trim();
  if (!setting) return { model: new AnalystModel(), name: "built-in analyst", builtIn: true };
  const [provider, ...rest] = setting.split(":");
  const modelId = rest.join(":");
  if (!modelId) throw new Error(`LUDEX_LLM must be provider:model, e.g. openai:gpt-4.1-mini (got "${setting}")`);
  if (provider === "openai") return { model: createOpenAI()(modelId), name: setting, builtIn: false };
  if (provider === "anthropic") return { model: createAnthropic()(modelId), name: setting, builtIn: false };
  throw new Error(`LUDEX_LLM provider "${provider}" is not supported: use openai or anthropic.`);
}
