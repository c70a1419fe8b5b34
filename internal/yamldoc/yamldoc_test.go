package yamldoc

import (
	"errors"
	"testing"
)

func TestRest(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		line     int
		second   bool
		trailing bool
	}{
		{"one document", "a: 1\nb: 2\n", 0, false, false},
		{"empty", "", 0, false, false},
		{"leading marker", "---\na: 1\n", 0, false, false},
		{"trailing marker", "a: 1\n---\n", 0, false, false},
		{"trailing comment document", "a: 1\n---\n# nothing\n", 0, false, false},
		{"document end", "a: 1\n...\n", 0, false, false},
		{"second document", "a: 1\n---\nb: 2\n", 3, true, false},
		{"second after an empty one", "a: 1\n---\n---\n\nb: 2\n", 5, true, false},
		{"json lines", "{\"a\": 1}\n\"E discard 3z\"\n", 0, false, true},
		{"first does not parse", "a: [\n", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, err := Rest([]byte(tt.in))
			if line != tt.line {
				t.Errorf("line %d, want %d", line, tt.line)
			}
			if got := errors.Is(err, ErrSecond); got != tt.second {
				t.Errorf("err %v: second document %v, want %v", err, got, tt.second)
			}
			if got := err != nil && !errors.Is(err, ErrSecond); got != tt.trailing {
				t.Errorf("err %v: trailing text %v, want %v", err, got, tt.trailing)
			}
		})
	}
}
