import { CallerProvider } from '../../shared/caller/CallerProvider.tsx';
import { AppShellLayout } from './AppShellLayout.tsx';

/**
 * The signed-in frame: who is calling, then the header and sidebars. A chunk of its own (lazy in
 * routes.tsx), so the sign-in page does not download the shell, the pins and their drag and drop.
 */
export default function SignedInShell() {
  return (
    <CallerProvider>
      <AppShellLayout />
    </CallerProvider>
  );
}
