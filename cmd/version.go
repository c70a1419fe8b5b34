package cmd

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

type versionInfo struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
}

func buildVersion() versionInfo {
	vi := versionInfo{Module: "github.com/mjref/mjref", Version: "(devel)"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return vi
	}
	vi.Module, vi.Go = bi.Main.Path, bi.GoVersion
	if bi.Main.Version != "" {
		vi.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			vi.Revision = s.Value
		case "vcs.time":
			vi.Time = s.Value
		case "vcs.modified":
			vi.Modified = s.Value == "true"
		}
	}
	return vi
}

func versionString() string {
	vi := buildVersion()
	s := "mjref " + vi.Version
	if vi.Revision != "" {
		s += " (" + vi.Revision
		if vi.Modified {
			s += ", modified"
		}
		s += ")"
	}
	return s
}

func newVersionCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the module version and VCS revision of this build",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			vi := buildVersion()
			if f.Output != FormatTable {
				return render(f.IO.Out, f.Output, vi)
			}
			rev := vi.Revision
			if rev == "" {
				rev = "unknown (built without VCS stamping)"
			} else if vi.Modified {
				rev += " (modified)"
			}
			_, err := fmt.Fprintf(f.IO.Out, "mjref %s\nmodule   %s\nrevision %s\ngo       %s\n", vi.Version, vi.Module, rev, vi.Go)
			return err
		},
	}
}
