"""What the admin never lets anyone do to a model's rows, whatever their permissions: rows the
system writes (events, records, decisions) are not added, saved or deleted by hand. A model
admin lists the mixins that apply before its admin base class."""


class NoAdd:
    """Rows are created by the system, never in the admin."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class NoChange:
    """Rows are a record: opened to be read, never saved."""

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class NoDelete:
    """Rows are never deleted by hand."""

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
