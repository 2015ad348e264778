from django.urls import path

from experiments import api

urlpatterns = [
    path("line-tests", api.LineTestListApi.as_view(), name="line-tests"),
    path("line-tests/<int:test_id>/<str:action>", api.LineTestActionApi.as_view(), name="line-test-action"),
]
