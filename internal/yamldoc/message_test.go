package yamldoc

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestMessage(t *testing.T) {
	long := strings.Repeat("q", 943)
	tests := []struct {
		name, doc, want string
	}{
		{"short message kept", "a: *x\n", "yaml: unknown anchor 'x' referenced"},
		{"long anchor cut", "a: *" + long + "\n", "yaml: unknown anchor '" + strings.Repeat("q", 60) + "…' referenced"},
		{"long root alias cut", "*" + long, "yaml: unknown anchor '" + strings.Repeat("q", 60) + "…' referenced"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n yaml.Node
			err := yaml.Unmarshal([]byte(tt.doc), &n)
			if err == nil {
				t.Fatal("no error")
			}
			if got := Message(err); got != tt.want {
				t.Errorf("Message = %q\nwant      %q", got, tt.want)
			}
		})
	}
}
