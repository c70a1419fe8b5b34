package riichilog

import (
	"errors"
	"os"
	"testing"
)

// FuzzRead feeds Read any bytes: it returns a game or an *Error, never panics; a game it reads is
// checked, ruled step by step and reviewed without a panic.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"testdata/small.mjlog", "testdata/small.jsonl", "testdata/small.json"} {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`<mjloggm><INIT seed="0,0,0,0,0,0" ten="250,250,250,250" oya="0"/></mjloggm>`))
	f.Add([]byte(`{"type":"start_kyoku"}`))
	f.Add([]byte(`{"log":[[[0,0,0],[25000,25000,25000,25000],[11],[],[],[],[]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Read(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, not an *Error", err, err)
			}
			return
		}
		if len(g.Rounds) == 0 {
			t.Fatal("a game without hands")
		}
		Check(g) // must not panic either
		v := Review(g, nil)
		illegal := 0
		for _, h := range v.Hands {
			illegal += h.Illegal
		}
		if illegal != v.Illegal || v.Legal != (illegal == 0) {
			t.Fatalf("%d illegal steps in the hands, %d in the game (legal %v)", illegal, v.Illegal, v.Legal)
		}
	})
}

// FuzzDecodeMeld decodes any call code: an error, or a meld whose tiles make it.
func FuzzDecodeMeld(f *testing.F) {
	for _, c := range []int{22015, 31008, 37993, 15402, 42058, 50250, 51722, 49705, 47690, 0, 8, 32} {
		f.Add(c, 0, 4)
	}
	f.Fuzz(func(t *testing.T, code, who, players int) {
		if who < 0 || who > 3 || (players != 3 && players != 4) || who >= players {
			return
		}
		m, err := DecodeMeld(code, who, players, true)
		if err != nil {
			return
		}
		if err := meldShape(m); err != nil {
			t.Fatalf("code %d: %v", code, err)
		}
		seen := map[int16]bool{}
		for _, x := range m.Tiles {
			if x.ID < 0 || x.ID > 135 || seen[x.ID] || int(x.ID)/4 != int(x.Kind) {
				t.Fatalf("code %d: tiles %v", code, m.Tiles)
			}
			seen[x.ID] = true
		}
		if m.From == who || m.From >= players || (m.Kind == Chi && m.From != (who+3)%4) {
			t.Fatalf("code %d by %d: from %d", code, who, m.From)
		}
		if m.Kind != Kakan && m.Kind != Ankan {
			if c := EncodeMeld(m, who); c >= 0 {
				back, err := DecodeMeld(c, who, players, true)
				if err != nil || back.Kind != m.Kind || back.Called != m.Called || back.From != m.From {
					t.Fatalf("code %d: re-encoded %d decodes to %+v, %v", code, c, back, err)
				}
			}
		}
	})
}
