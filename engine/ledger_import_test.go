package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mjref/mjref/internal/corpus"
)

// TestImportLedgerCorpus keeps every four-player game of the outside Tenhou logs (read from
// ../shared/riichi, never copied here) and the mjai log as ledgers: the ledger's own flow deals
// every hand as the log does (who deals, honba, riichi sticks: ImportLedger refuses a game it
// does not), and the ledger's end is the log's owari, the stacks and, for the lobbies a preset
// describes, the results after uma and oka. The three-player game (sanma2.xml) is kept as a ledger
// of three under riichi-sanma.
func TestImportLedgerCorpus(t *testing.T) {
	dir := corpus.Riichi("..")
	if dir == "" {
		t.Skip("no outside riichi logs: they are read from ../shared/riichi beside the repository, which is absent")
	}
	files, err := filepath.Glob(filepath.Join(dir, "tenhou_logs", "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(dir, "riichienv", "126_204_0_mjai.jsonl"))
	kept, withUma, hands := 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		v, err := ImportLedger(filepath.Join(t.TempDir(), "game.jsonl"), data, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		kept++
		if name == "sanma2.xml" {
			st := v.Game.State
			if st.Ruleset != "riichi-sanma" || len(st.Names()) != 3 || len(v.Game.Standings) != 3 || v.Game.Standings[0].Result == nil {
				t.Errorf("%s: ruleset %s, players %q, %d standings: want a riichi-sanma ledger of three with uma", name, st.Ruleset, st.Names(), len(v.Game.Standings))
			}
		}
		hands += v.Hands
		if !v.EndAgrees {
			t.Errorf("%s: the ledger's end differs from the log's: %s", name, v.EndNote)
		}
		if v.Game.Standings[0].Result != nil {
			withUma++
		}
		if !v.Game.State.Over && v.Game.State.Played > 1 {
			t.Errorf("%s: the ledger does not see the game as over after its last hand", name)
		}
		for _, d := range v.Disagree {
			t.Logf("%s: %s", name, d)
		}
	}
	t.Logf("%d games kept (%d hands), %d with uma and oka equal to the log's owari", kept, hands, withUma)
	if kept < 15 {
		t.Errorf("only %d games kept", kept)
	}
}
