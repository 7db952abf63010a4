// /api/auth/*: Auth.js's sign-in, callback and sign-out endpoints; email links count against the sign-in limits
import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { limitEmailSignIn } from "@/lib/auth/limit-email-sign-in";
import { withRequestHost } from "@/lib/auth/request-host";

export const GET = (request: NextRequest) => handlers.GET(withRequestHost(request));
export const POST = limitEmailSignIn((request: NextRequest) => handlers.POST(withRequestHost(request)));
