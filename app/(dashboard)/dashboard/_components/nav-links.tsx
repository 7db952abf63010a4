"use client";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/keys", label: "API keys" },
  { href: "/dashboard/explore", label: "Charts and export" },
  { href: "/dashboard/copilot", label: "Copilot" },
  { href: "/dashboard/usage", label: "Usage" },
  { href: "/dashboard/members", label: "Members" },
  { href: "/dashboard/settings", label: "Settings" },
];

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="nav-links">
      {LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={pathname === link.href ? "page" : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
