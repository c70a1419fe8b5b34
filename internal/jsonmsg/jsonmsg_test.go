package jsonmsg

import (
	"encoding/json"
	"errors"
	"testing"
)

// Embedded is a struct embedded without a JSON name, as the server's bodies embed the engine's
// requests: encoding/json names it in the field path, the writer never saw it.
type Embedded struct {
	Win string `json:"win"`
}

type request struct {
	Embedded
	Hand     string            `json:"hand"`
	LastTile bool              `json:"last_tile"`
	Top      int               `json:"top"`
	Hands    []string          `json:"hands"`
	Set      map[string]string `json:"set"`
	Inner    struct {
		Seat string `json:"seat"`
	} `json:"inner"`
}

func TestDescribe(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"hand": 123}`, `"hand": expected a string, not a number`},
		{`{"last_tile": "yes"}`, `"last_tile": expected true or false, not a string`},
		{`{"top": 1.5}`, `"top": expected a whole number, not number 1.5`},
		{`{"hands": "E=1m"}`, `"hands": expected a list, not a string`},
		{`{"set": ["cap"]}`, `"set": expected an object, not an array`},
		{`{"inner": {"seat": 1}}`, `"inner.seat": expected a string, not a number`},
		{`[1]`, `expected an object, not an array`},
		{`{"win": 7}`, `"win": expected a string, not a number`},
		{`{"hand": }`, `invalid character '}' looking for beginning of value`},
	}
	for _, tt := range tests {
		var r request
		err := json.Unmarshal([]byte(tt.in), &r)
		if err == nil {
			t.Fatalf("%s: no error", tt.in)
		}
		if got := Describe(err); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
	if got := Describe(errors.New("json: unknown field \"seet\"")); got != `unknown field "seet"` {
		t.Errorf("unknown field: %s", got)
	}
}
