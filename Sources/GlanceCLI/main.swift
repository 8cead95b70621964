import GlanceCommandLine

GlanceCommand.main()
