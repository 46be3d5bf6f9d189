/** A full load of the page: the user's own choice from the notice, never done by the shell itself. */
export function reloadPage(): void {
  window.location.reload();
}
