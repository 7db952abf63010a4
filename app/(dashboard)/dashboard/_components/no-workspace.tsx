import { CreateWorkspaceForm } from "./create-workspace-form";

/** A user who left or was removed from every workspace starts a new one here. */
export function NoWorkspace() {
  return (
    <section className="card">
      <h1>No workspace</h1>
      <p>You are not a member of any workspace. Create one to get API keys and credits.</p>
      <CreateWorkspaceForm />
    </section>
  );
}
