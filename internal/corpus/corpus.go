// Package corpus finds the outside test data the tests read from ../shared beside the repository
// (never copied into it): CI copies shared/ beside the clone, and a checkout in a folder of
// worktrees (/work/wt/NAME) finds /work/shared.
package corpus

import (
	"os"
	"path/filepath"
)

// Riichi is the shared/riichi folder (Tenhou logs under tenhou_logs/, RiichiEnv's data under
// riichienv/), found from root, the repository's root relative to the test's package ("../.."),
// or "" when it is absent.
func Riichi(root string) string {
	for _, up := range []string{"..", "../.."} {
		dir := filepath.Join(root, up, "shared", "riichi")
		if st, err := os.Stat(filepath.Join(dir, "tenhou_logs")); err == nil && st.IsDir() {
			return dir
		}
	}
	return ""
}
