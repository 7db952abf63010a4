"use server";
// Server actions of the dashboard: signing out (Auth.js ends the session; CLI credentials it issued end with it).
import { signOut } from "@/lib/auth/auth";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/signin" });
}
